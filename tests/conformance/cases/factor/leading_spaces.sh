factor ' 42'
