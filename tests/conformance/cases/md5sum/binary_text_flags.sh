printf 'abc' > f
md5sum -b f; md5sum -t f
md5sum -b f > sums; md5sum -c sums
