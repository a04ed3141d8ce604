ln -s a/b/c dang
readlink -m dang | sed "s|^$PWD/||"
