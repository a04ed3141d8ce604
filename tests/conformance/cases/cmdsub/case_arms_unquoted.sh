# A case inside an unquoted $( ): the arms' ) do not close it.
echo $(case a in a) echo one;; esac) $(case b in (b) echo two;; esac)
v=$(case x in
  x) echo multi ;;
  *) echo no ;;
esac)
echo "$v"
f() { echo $(case $1 in y) echo yes;; *) echo other;; esac); }
f y; f n
declare -f f
