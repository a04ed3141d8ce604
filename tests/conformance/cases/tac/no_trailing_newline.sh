printf '1\n2\n3' | tac | sed -n l
