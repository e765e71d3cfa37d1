// Importing this product also imports the core (stores, actions, middleware), as the core's
// types are in nearly every signature here.
@_exported import ReduxKitLinux
