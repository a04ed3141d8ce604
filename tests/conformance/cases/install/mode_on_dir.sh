install -m 700 -dv md; [ -d md ] && echo dir
