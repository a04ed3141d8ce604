shuf -i 1-3 -o out; sort out
