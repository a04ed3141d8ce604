# check-stderr
# After an assignment no word is reserved: `for`, `[[`, `!`, `}` and `if`
# are command names there, which do not exist.
FOO=bar for; echo "for: $?"
FOO=bar [[ -n x ]]; echo "[[: $?"
a=1 ! true; echo "!: $?"
{ b=2 }; echo "}: $?"; }
c=3 if true; echo "if: $?"
FOO=bar command -v echo
