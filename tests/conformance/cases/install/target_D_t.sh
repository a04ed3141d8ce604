echo hi > s; install -Dvt newd/sub s; cat newd/sub/s
