printf 'abc' > a
du -sb a
