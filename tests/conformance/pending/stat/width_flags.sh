printf 'hello' > f
stat -c '[%5s] [%-5s] [%05s]' f
