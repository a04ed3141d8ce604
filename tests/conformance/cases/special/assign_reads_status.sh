# `$?` in an assignment value reads the previous command's status; the
# assignment's own status is that of its last command substitution, or 0.
false; l=$?; echo "l=$l status=$?"
false; x=$?$(exit 3); echo "x=$x status=$?"
(exit 4); y=$(true)$?; echo "y=$y status=$?"
false; z=plain; echo "z=$z status=$?"
false; a=$(exit 5) b=$?; echo "a=$a b=$b status=$?"
