printf 'abc' > f
md5sum -z f | od -c
