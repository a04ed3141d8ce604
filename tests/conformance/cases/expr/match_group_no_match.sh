expr abc : '\(x\)'; echo "status $?"
