install -dv a/b/c; [ -d a/b/c ] && echo dir
