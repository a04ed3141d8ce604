mkdir -p d/e; printf abc > d/e/f; du -b d; du -sb d
