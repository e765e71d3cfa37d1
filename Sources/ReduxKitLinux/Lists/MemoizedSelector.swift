/// A memoized selector (Reselect's `createSelector`): input selectors pick
/// values from the state, and a result function derives a value from them,
/// recomputed only when an input changed (by `==`). Made by
/// ``createSelector(_:inputStabilityCheck:reportingTo:result:)-1iq3k``; call it as
/// a function of the state.
///
/// ```swift
/// let visibleTodos = createSelector({ (state: App) in state.todos }, { $0.filter }) { todos, filter in
///     todos.filter { filter.shows($0) }
/// }
/// visibleTodos(store.state)                                   // computed
/// visibleTodos(store.state)                                   // the same inputs: not recomputed
/// store.subscribe(select: visibleTodos) { render($0) }        // where a selection is taken
/// ```
///
/// Comparing inputs costs what `==` costs; for arrays and dictionaries not
/// changed since the last call it is immediate (they share storage). A
/// reference-type input compares by identity when wrapped in ``ByIdentity``.
/// When the result is `Equatable` and comes out equal to the last one, the
/// last one is kept (Reselect's `resultEqualityCheck`).
///
/// A selector remembers its last inputs and result, so it is not `Sendable`:
/// use it where its store lives, one per place that needs its own memory
/// (as Reselect's selectors with a cache of one).
public final class MemoizedSelector<State, Output> {
    @usableFromInline let evaluate: (State) -> Output
    @usableFromInline let memory: SelectorMemory

    @usableFromInline init(evaluate: @escaping (State) -> Output, memory: SelectorMemory) {
        self.evaluate = evaluate
        self.memory = memory
    }

    /// The selected value for `state`: the last one if no input changed.
    ///
    /// - Parameter state: The state to select from.
    /// - Returns: The selected value.
    @inlinable
    public func callAsFunction(_ state: State) -> Output {
        evaluate(state)
    }

    /// How many times the result function has run (Reselect's `recomputations()`).
    public var recomputations: Int { memory.recomputations }

    /// Sets ``recomputations`` back to 0.
    public func resetRecomputations() {
        memory.recomputations = 0
    }
}

/// When a selector checks that its input selectors are stable: that each
/// returns an equal value when called twice with the same state (Reselect's
/// `inputStabilityCheck`). An input selector that makes a new value every
/// time (a new array, a new object, a date) defeats the memory.
public enum SelectorStabilityCheck: Sendable {
    /// On the selector's first call only (the default in debug builds).
    case once
    /// On every call.
    case always
    /// Never (the default in release builds).
    case never

    /// `.once` in a debug build of the library, `.never` in a release build.
    public static var `default`: SelectorStabilityCheck {
        #if DEBUG
            .once
        #else
            .never
        #endif
    }
}

/// A reference-type input compared by identity (`===`) rather than `==`.
public struct ByIdentity<Object: AnyObject>: Equatable {
    /// The object.
    public let object: Object

    /// Wraps `object`.
    ///
    /// - Parameter object: The object.
    public init(_ object: Object) {
        self.object = object
    }

    /// Whether both wrap the same object.
    ///
    /// - Parameters:
    ///   - lhs: A wrapper.
    ///   - rhs: Another.
    /// - Returns: Whether they hold the same object.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.object === rhs.object
    }
}

/// A memoized selector of `inputs`, whose result `result` computes from the
/// inputs' values (Reselect's `createSelector`); see ``MemoizedSelector``.
///
/// - Parameters:
///   - inputs: The input selectors, each picking an `Equatable` value.
///   - inputStabilityCheck: When to check that the input selectors return
///     equal values for one state (``SelectorStabilityCheck/default``).
///   - report: Told of an unstable input selector (printed by default).
///   - result: Derives the output from the inputs' values.
/// - Returns: The selector.
@inlinable
public func createSelector<State, each Input: Equatable, Output>(
    _ inputs: repeat @escaping (State) -> each Input,
    inputStabilityCheck: SelectorStabilityCheck = .default,
    reportingTo report: @escaping (String) -> Void = { print($0) },
    result: @escaping (repeat each Input) -> Output
) -> MemoizedSelector<State, Output> {
    let memo = SelectorMemo(repeat each inputs, result: result, check: inputStabilityCheck, report: report)
    return MemoizedSelector(evaluate: memo.select, memory: memo.memory)
}

/// What a selector counts, shared by its memo and its public face.
@usableFromInline final class SelectorMemory {
    @usableFromInline @exclusivity(unchecked) var recomputations = 0
    @usableFromInline @exclusivity(unchecked) var calls = 0

    @usableFromInline init() {}
}

/// The memory of one selector: its input selectors, its last inputs and result.
@usableFromInline final class SelectorMemo<State, each Input: Equatable, Output> {
    @usableFromInline let inputs: (repeat (State) -> each Input)
    @usableFromInline let result: (repeat each Input) -> Output
    @usableFromInline let check: SelectorStabilityCheck
    @usableFromInline let report: (String) -> Void
    @usableFromInline let memory = SelectorMemory()
    // Unchecked: a selector is used in one domain, one call at a time (an
    // input or result function calling its own selector is a programming error).
    @usableFromInline @exclusivity(unchecked) var lastInputs: (repeat each Input)?
    @usableFromInline @exclusivity(unchecked) var lastOutput: Output?

    @inlinable
    init(
        _ inputs: repeat @escaping (State) -> each Input, result: @escaping (repeat each Input) -> Output,
        check: SelectorStabilityCheck, report: @escaping (String) -> Void
    ) {
        self.inputs = (repeat each inputs)
        self.result = result
        self.check = check
        self.report = report
    }

    @inlinable
    func select(_ state: State) -> Output {
        let values = (repeat (each inputs)(state))
        if check != .never {
            memory.calls += 1
            if check == .always || memory.calls == 1 { checkStability(of: repeat each values, on: state) }
        }
        if let lastInputs, allEqual(repeat each lastInputs, to: repeat each values), let lastOutput {
            return lastOutput
        }
        memory.recomputations += 1
        var output = result(repeat each values)
        if let lastOutput, isEqual(lastOutput, output) { output = lastOutput }
        lastInputs = values
        lastOutput = output
        return output
    }

    /// Calls each input selector again on `state` and reports one whose
    /// value differs from the first call's.
    @usableFromInline func checkStability(of values: repeat each Input, on state: State) {
        let again = (repeat (each inputs)(state))
        var index = 0
        for (first, second) in repeat (each values, each again) {
            if first != second {
                report(
                    "ReduxKitLinux: input selector \(index + 1) of a selector returned different values for the same "
                        + "state (\(first) and then \(second)): the selector will recompute every time. Select a "
                        + "part of the state, or make new values in the result function instead.")
            }
            index += 1
        }
    }
}

/// Whether every element of `lhs` equals the one at its place in `rhs`.
@inlinable
func allEqual<each Value: Equatable>(_ lhs: repeat each Value, to rhs: repeat each Value) -> Bool {
    for (left, right) in repeat (each lhs, each rhs) {
        if left != right { return false }
    }
    return true
}

/// Whether two values of one type are equal, if the type is `Equatable`
/// (`false` otherwise): the result check of a selector of any output.
@usableFromInline func isEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    return lhs.isEqual(to: rhs)
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self).map { $0 == self } ?? false
    }
}
