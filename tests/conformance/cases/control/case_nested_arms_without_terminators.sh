# Arms that end without `;;` (the last of each case), nested 24 deep: bash
# runs them at once. brush-parser's grammar reads each such arm twice
# (fuzz F26); sandbash ends them with `;;` before it reads them.
v=x
case $v in x) case $v in x) case $v in x) case $v in x) case $v in x) case $v in x) case $v in x) case $v in x) case $v in x) case $v in x) case $v in x) case $v in x) case $v in x) case $v in x) case $v in x) case $v in x) case $v in x) case $v in x) case $v in x) case $v in x) case $v in x) case $v in x) case $v in x) case $v in y) echo no;; x) echo inner; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac; esac
echo "status $?"
case a in
  a) case b in b) echo b
     esac
esac
case c in c) esac
echo "empty arm: $?"
case d in (d) echo d;& e) echo fell
esac
