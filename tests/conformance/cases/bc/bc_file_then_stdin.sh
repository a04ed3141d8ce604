printf 'define sq(x) { return x * x; }\n' > lib.bc; echo 'sq(12)' | bc lib.bc
