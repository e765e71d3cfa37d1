import Foundation
import ReduxKitLinuxTestSupport
import ReduxKitLinuxTesting
import Testing

@testable import ReduxKitLinux
@testable import ReduxKitLinuxDevtools

/// Debouncing with a maximum wait, on a clock the tests move by hand, and what
/// a change costs: no timer or task per change.
@Suite("Persistence debounce")
struct PersistenceDebounceTests {
    typealias Settings = PersistenceFixtures.Settings
    typealias SetVolume = PersistenceFixtures.SetVolume

    @Test func aChangeIsSavedOnceChangesStopForTheDebounce() async throws {
        try await PersistenceFixtures.inDirectoryAsync { (directory: URL) async throws in
            let file = directory.appendingPathComponent("settings.json")
            let clock = TestClock()
            let (persistence, errors) = PersistenceFixtures.recording(file, clock: clock)
            let store = PersistenceFixtures.makeStore(persistence)
            store.dispatch(SetVolume(volume: 4))
            await clock.waitForSleepers()
            await clock.advance(by: .milliseconds(299))
            #expect(clock.sleeping == 1)
            #expect(persistence.writeCount == 0)
            await clock.advance(by: .milliseconds(1))
            await persistence.waitForWrites(1)
            #expect(try PersistenceFixtures.saved(in: file).volume == 4)
            #expect(errors.values.isEmpty)
        }
    }

    /// The case: one change every 100 ms with the default 300 ms
    /// debounce wrote nothing for as long as changes kept coming.
    @Test func changesThatNeverStopAreSavedAtLeastEveryMaximumWait() async throws {
        try await PersistenceFixtures.inDirectoryAsync { (directory: URL) async throws in
            let file = directory.appendingPathComponent("settings.json")
            let clock = TestClock()
            let (persistence, _) = PersistenceFixtures.recording(file, clock: clock)
            let store = PersistenceFixtures.makeStore(persistence)
            store.dispatch(SetVolume(volume: 0))
            var writesAt: [Int: Int] = [:]
            for step in 1...40 {
                // The saver is asleep on the clock (woken by this change if it had nothing to save).
                await clock.waitForSleepers()
                let writes = persistence.writeCount
                await clock.advance(by: .milliseconds(100))
                // Asleep again, or it saved.
                await firstOf([{ await clock.waitForSleepers() }, { await persistence.waitForWrites(writes + 1) }])
                if persistence.writeCount > writes {
                    writesAt[step] = try PersistenceFixtures.saved(in: file).volume
                }
                store.dispatch(SetVolume(volume: step))
            }
            // Changes every 100 ms, a 300 ms debounce, a 2 s maximum wait: a save at 2 s (of the
            // change made at 1.9 s), and another 2 s after the first change that followed it.
            #expect(writesAt == [20: 19, 40: 39])
        }
    }

    @Test func aHundredThousandChangesSetNoTimerAndOneSaveWritesTheLast() async throws {
        try await PersistenceFixtures.inDirectoryAsync { (directory: URL) async throws in
            let file = directory.appendingPathComponent("settings.json")
            let clock = TestClock()
            let (persistence, _) = PersistenceFixtures.recording(file, clock: clock)
            let store = PersistenceFixtures.makeStore(persistence)
            for volume in 1...100_000 { store.dispatch(SetVolume(volume: volume)) }
            await clock.waitForSleepers()
            // The one saver slept once, whatever the number of changes.
            #expect(clock.sleepCalls == 1)
            #expect(persistence.writeCount == 0)
            await clock.advance(by: .milliseconds(300))
            // If the saver woke while changes were still coming, it waits one more debounce.
            await firstOf([{ await clock.waitForSleepers() }, { await persistence.waitForWrites(1) }])
            if persistence.writeCount == 0 { await clock.advance(by: .milliseconds(300)) }
            await persistence.waitForWrites(1)
            #expect(clock.sleepCalls <= 2)
            #expect(try PersistenceFixtures.saved(in: file).volume == 100_000)
        }
    }

    @Test func theSaverEndsAndTheFileIsFreedWhenTheStoreIsFreed() async throws {
        try await PersistenceFixtures.inDirectoryAsync { (directory: URL) async throws in
            let file = directory.appendingPathComponent("settings.json")
            let clock = TestClock()
            weak var watched: Persistence<Settings>?
            do {
                let (persistence, _) = PersistenceFixtures.recording(file, clock: clock)
                watched = persistence
                let store = PersistenceFixtures.makeStore(persistence)
                store.dispatch(SetVolume(volume: 5))
                await clock.waitForSleepers()
            }
            #expect(watched == nil)
            // Saved at once when the store went, and the saver's sleep cancelled.
            #expect(try PersistenceFixtures.saved(in: file).volume == 5)
            #expect(clock.sleeping == 0)  // cancelling a sleep takes it off the clock at once
            let (next, errors) = PersistenceFixtures.recording(file, clock: clock)
            #expect(PersistenceFixtures.makeStore(next).state.volume == 5)
            #expect(errors.values.isEmpty)
        }
    }
}
