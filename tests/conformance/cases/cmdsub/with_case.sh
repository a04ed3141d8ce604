x=$(case a in a) echo yes;; esac)
echo $x
