/// `createSelector` of one, two or three inputs, the common cases, without
/// parameter packs: Swift 6.3 copies a pack's tuple through its runtime,
/// which made each check of a two-input selector cost about 4x comparing the
/// inputs by hand; these compile to the comparison itself.
/// (Benchmark 20, "a memoized selector checked…".)

/// A memoized selector of one input; see
/// ``createSelector(_:inputStabilityCheck:reportingTo:result:)-1iq3k``.
///
/// - Parameters:
///   - input: The input selector, picking an `Equatable` value.
///   - inputStabilityCheck: When to check that the input selector returns
///     equal values for one state.
///   - report: Told of an unstable input selector (printed by default).
///   - result: Derives the output from the input's value.
/// - Returns: The selector.
@inlinable
public func createSelector<State, Input: Equatable, Output>(
    _ input: @escaping (State) -> Input,
    inputStabilityCheck: SelectorStabilityCheck = .default,
    reportingTo report: @escaping (String) -> Void = { print($0) },
    result: @escaping (Input) -> Output
) -> MemoizedSelector<State, Output> {
    let memo = SingleInputMemo(input, result: result, check: inputStabilityCheck, report: report)
    return MemoizedSelector(evaluate: memo.select, memory: memo.memory)
}

/// A memoized selector of two inputs; see
/// ``createSelector(_:inputStabilityCheck:reportingTo:result:)-1iq3k``.
///
/// - Parameters:
///   - first: The first input selector.
///   - second: The second input selector.
///   - inputStabilityCheck: When to check that the input selectors return
///     equal values for one state.
///   - report: Told of an unstable input selector (printed by default).
///   - result: Derives the output from the inputs' values.
/// - Returns: The selector.
@inlinable
public func createSelector<State, First: Equatable, Second: Equatable, Output>(
    _ first: @escaping (State) -> First, _ second: @escaping (State) -> Second,
    inputStabilityCheck: SelectorStabilityCheck = .default,
    reportingTo report: @escaping (String) -> Void = { print($0) },
    result: @escaping (First, Second) -> Output
) -> MemoizedSelector<State, Output> {
    let memo = SingleInputMemo(
        { SelectorInputs2(first: first($0), second: second($0)) }, result: { result($0.first, $0.second) },
        check: inputStabilityCheck, report: report, differingInput: { $0.first != $1.first ? 1 : 2 })
    return MemoizedSelector(evaluate: memo.select, memory: memo.memory)
}

/// A memoized selector of three inputs; see
/// ``createSelector(_:inputStabilityCheck:reportingTo:result:)-1iq3k``.
///
/// - Parameters:
///   - first: The first input selector.
///   - second: The second input selector.
///   - third: The third input selector.
///   - inputStabilityCheck: When to check that the input selectors return
///     equal values for one state.
///   - report: Told of an unstable input selector (printed by default).
///   - result: Derives the output from the inputs' values.
/// - Returns: The selector.
@inlinable
public func createSelector<State, First: Equatable, Second: Equatable, Third: Equatable, Output>(
    _ first: @escaping (State) -> First, _ second: @escaping (State) -> Second, _ third: @escaping (State) -> Third,
    inputStabilityCheck: SelectorStabilityCheck = .default,
    reportingTo report: @escaping (String) -> Void = { print($0) },
    result: @escaping (First, Second, Third) -> Output
) -> MemoizedSelector<State, Output> {
    let memo = SingleInputMemo(
        { SelectorInputs3(first: first($0), second: second($0), third: third($0)) },
        result: { result($0.first, $0.second, $0.third) }, check: inputStabilityCheck, report: report,
        differingInput: { $0.first != $1.first ? 1 : $0.second != $1.second ? 2 : 3 })
    return MemoizedSelector(evaluate: memo.select, memory: memo.memory)
}

/// Two input values, compared together.
@usableFromInline struct SelectorInputs2<First: Equatable, Second: Equatable>: Equatable {
    @usableFromInline let first: First
    @usableFromInline let second: Second

    @inlinable init(first: First, second: Second) {
        self.first = first
        self.second = second
    }
}

/// Three input values, compared together.
@usableFromInline struct SelectorInputs3<First: Equatable, Second: Equatable, Third: Equatable>: Equatable {
    @usableFromInline let first: First
    @usableFromInline let second: Second
    @usableFromInline let third: Third

    @inlinable init(first: First, second: Second, third: Third) {
        self.first = first
        self.second = second
        self.third = third
    }
}

/// The memory of a selector of one input value (two or three inputs come as one).
@usableFromInline final class SingleInputMemo<State, Input: Equatable, Output> {
    @usableFromInline let input: (State) -> Input
    @usableFromInline let result: (Input) -> Output
    @usableFromInline let check: SelectorStabilityCheck
    @usableFromInline let report: (String) -> Void
    /// Which input selector (from 1) gave the first of two values that differ.
    @usableFromInline let differingInput: (Input, Input) -> Int
    @usableFromInline let memory = SelectorMemory()
    // Unchecked: a selector is used in one domain, one call at a time.
    @usableFromInline @exclusivity(unchecked) var last: (input: Input, output: Output)?

    @inlinable
    init(
        _ input: @escaping (State) -> Input, result: @escaping (Input) -> Output, check: SelectorStabilityCheck,
        report: @escaping (String) -> Void, differingInput: @escaping (Input, Input) -> Int = { _, _ in 1 }
    ) {
        self.input = input
        self.result = result
        self.check = check
        self.report = report
        self.differingInput = differingInput
    }

    @inlinable
    func select(_ state: State) -> Output {
        let value = input(state)
        if check != .never {
            memory.calls += 1
            if check == .always || memory.calls == 1 { checkStability(of: value, on: state) }
        }
        if let last, last.input == value { return last.output }
        memory.recomputations += 1
        var output = result(value)
        if let last, isEqual(last.output, output) { output = last.output }
        last = (value, output)
        return output
    }

    @usableFromInline func checkStability(of value: Input, on state: State) {
        let again = input(state)
        guard again != value else { return }
        report(
            "ReduxKitLinux: input selector \(differingInput(value, again)) of a selector returned different values "
                + "for the same state (\(value) and then \(again)): the selector will recompute every time. Select "
                + "a part of the state, or make new values in the result function instead.")
    }
}
