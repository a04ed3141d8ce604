echo {1..100000} | wc -c
echo {a..z}{a..z}{a..z}{a..z} | wc -c
