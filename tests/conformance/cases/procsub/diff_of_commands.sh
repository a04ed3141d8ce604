if diff <(printf 'x\ny\n') <(printf 'x\ny\n') > /dev/null; then echo same; fi
diff <(echo left) <(echo right) > /dev/null || echo "differ: $?"
