// LiquidKit: one import for everything headless — geometry, motion, rasterizing, glass, the UI runtime
// and the JSON scene format.
//
// `import LiquidKit` makes the public API of every module below visible, so a program needs no other
// import to build a view tree, drive it with touches, render frames and write PNGs. Opening a window is
// the separate `LiquidWindow` product (it links libX11, which headless programs never need).

@_exported import LiquidGeometry
@_exported import LiquidMotion
@_exported import LiquidRaster
@_exported import LiquidGlass
@_exported import LiquidUI
@_exported import LiquidScene
