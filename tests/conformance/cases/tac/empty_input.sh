printf '' | tac; echo "status $?"
