: > e; printf 'abc' > a
md5sum e a
