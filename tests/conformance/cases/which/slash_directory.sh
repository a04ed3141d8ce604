mkdir d; which ./d; echo "status $?"
