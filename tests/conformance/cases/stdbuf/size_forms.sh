stdbuf -o 4096 echo a
stdbuf -e 1M echo b
stdbuf -o 1KB -e L echo c
