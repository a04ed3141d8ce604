printf 'abc' > f
md5sum --tag f
md5sum --tag f > sums; md5sum -c sums
