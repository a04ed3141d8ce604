which true pwd echo; echo "status $?"
