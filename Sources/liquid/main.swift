// The `liquid` executable is its commands, which live in the LiquidCommands library so that tests and the
// fuzz targets link the very same parsing and validation code.
import LiquidCommands

Liquid.main()
