# FUNCNEST bounds nested calls: one call more reports and abandons the
# command line; 0, a negative or a non-number bounds nothing.
f() { echo "d$1"; f $(($1+1)); echo "back$1"; }; FUNCNEST=3; f 1; echo "not reached $?"
echo "status $?"
FUNCNEST=0; h() { [ $1 -lt 5 ] && h $(($1+1)); echo h$1; }; h 1
FUNCNEST=x; h 4
FUNCNEST=-1; h 4
unset FUNCNEST; h 3
