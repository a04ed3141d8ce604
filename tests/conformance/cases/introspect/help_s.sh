help -s read
help -s true
