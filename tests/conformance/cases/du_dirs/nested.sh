mkdir -p d/e; printf x > d/e/f; du d
