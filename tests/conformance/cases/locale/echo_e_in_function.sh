# the locale is read when the escape is decoded: a function run under either locale
show() { echo -e '\u00e9\u0041' | od -An -tx1; }
show
LC_ALL=C.UTF-8 show
show
LC_ALL=C.UTF-8
show
