mkdir -p d/e; printf x > d/e/f; printf y > d/e/g.log; du -a --exclude="*.log" d
