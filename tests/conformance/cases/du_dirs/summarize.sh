mkdir -p d/e; printf x > d/e/f; du -s d; du -sh d
