/// LiquidRaster — see shared/brief/architecture.md. Its contents arrive with the issues that build it.
enum LiquidRasterModule {}
