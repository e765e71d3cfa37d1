import ReduxKitLinux
import Testing

@Suite("compose")
struct ComposeTests {
    let addOne: (Int) -> Int = { $0 + 1 }
    let double: (Int) -> Int = { $0 * 2 }
    let square: (Int) -> Int = { $0 * $0 }

    @Test func composesRightToLeft() {
        #expect(compose([addOne, double])(3) == 7)
        #expect(compose([double, addOne])(3) == 8)
        #expect(compose([addOne, double, square])(3) == 19)
    }

    @Test func theVariadicFormMatchesTheArrayForm() {
        #expect(compose(addOne, double, square)(3) == compose([addOne, double, square])(3))
    }

    @Test func anEmptyListIsTheIdentity() {
        #expect(compose([(Int) -> Int]())(42) == 42)
        #expect(compose([(String) -> String]())("same") == "same")
    }

    @Test func aSingleFunctionIsItself() {
        #expect(compose(square)(5) == 25)
    }
}
