import Foundation
import ReduxKitLinux
import Testing

/// Random programs (subscribe, dispose from inside subscribers, dispatch, nested
/// dispatch, replaceReducer, middleware that rewrite or swallow actions, a
/// scoped store) run on the real store and on `ReferenceStore`; every
/// observation must match: the values each subscriber received, in order, what
/// each dispatch returned, and the final state.
///
/// Each run checks `REDUX_MODEL_PROGRAMS` random programs (default 10,000) from
/// a fresh random base seed, plus a fixed list of seeds. A failure names the
/// program's seed and prints it shrunk; `REDUX_MODEL_SEED=<seed> swift test
/// --filter ModelBased` replays that one program.
@Suite("Model-based random programs")
struct ModelBasedTests {
    static let fixedSeeds: [UInt64] = Array(1...64) + [0xDEAD_BEEF, 0xC0FF_EE, 519, 259]

    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// Runs the program for `seed` on both sides; records an issue with the
    /// shrunk program if they disagree. Returns whether they agreed.
    @discardableResult
    static func check(seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let program = ProgramGenerator.program(seed: seed)
        let disagrees: (Program) -> Bool = { RealRun.run($0) != ReferenceStore.run($0) }
        guard disagrees(program) else { return true }
        let shrunk = ProgramGenerator.shrink(program, stillFails: disagrees)
        let real = RealRun.run(shrunk)
        let model = ReferenceStore.run(shrunk)
        Issue.record(
            """
            The store and the reference model disagree on the program of seed \(seed) \
            (replay: REDUX_MODEL_SEED=\(seed) swift test --filter ModelBased). Shrunk program:
            \(shrunk)
            store: received \(real.received), results \(real.results), final state \(real.finalState)
            model: received \(model.received), results \(model.results), final state \(model.finalState)
            """,
            sourceLocation: sourceLocation)
        return false
    }

    @Test func randomProgramsMatchTheReferenceModel() {
        if let replay = Self.environment["REDUX_MODEL_SEED"].flatMap(UInt64.init) {
            Self.check(seed: replay)
            return
        }
        let count = Self.environment["REDUX_MODEL_PROGRAMS"].flatMap(Int.init) ?? 10_000
        let base = UInt64.random(in: 0...UInt64.max / 2)
        var failures = 0
        for offset in 0..<UInt64(count) where !Self.check(seed: base + offset) {
            failures += 1
            if failures == 3 { break }  // enough to go on; each one is printed shrunk
        }
    }

    @Test(arguments: fixedSeeds)
    func fixedSeedsMatchTheReferenceModel(seed: UInt64) {
        Self.check(seed: seed)
    }

    /// The programs do exercise what they are meant to: nested dispatch, disposal
    /// from inside subscribers, middleware, the scoped store.
    @Test func theGeneratorCoversTheOperationsThatMatter() {
        var kinds = Set<String>()
        for seed in Self.fixedSeeds {
            let program = ProgramGenerator.program(seed: seed)
            if !program.middleware.isEmpty { kinds.insert("middleware") }
            for operation in program.operations {
                switch operation {
                case .subscribe(.dispatchOn), .subscribeChild(.dispatchOn): kinds.insert("nested dispatch")
                case .subscribe(.disposeOther), .subscribe(.disposeSelfAfter): kinds.insert("dispose inside")
                case .subscribe(.subscribeNew): kinds.insert("subscribe inside")
                case .subscribeChild: kinds.insert("scoped store")
                case .replaceReducer: kinds.insert("replaceReducer")
                case .dispatch(.noop): kinds.insert("swallowable")
                case .dispatch(.expand): kinds.insert("expand")
                default: break
                }
            }
        }
        #expect(
            kinds == [
                "middleware", "nested dispatch", "dispose inside", "subscribe inside", "scoped store",
                "replaceReducer", "swallowable", "expand",
            ])
    }
}
