/// Prints a story's title, so the Demo's output reads as a list of stories.
func printStoryTitle(_ title: String) {
    print("\n== \(title) ==")
}
