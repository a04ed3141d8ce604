printf '\n\nx\n' | tac | sed -n l
