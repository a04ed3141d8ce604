# bash 5.2 reads a `$( )` body when it reads the word and keeps it as it
# prints commands: `declare -f` shows it normalized, in double quotes and
# `${ }` operands too; backquotes, single quotes and `$(( ))` stay as written.
f() {
    x=$(  echo   a;echo $( echo  b|tr b c  ) )
    y=`echo   z`
    echo "$(  echo   a )" ${x:-$( echo  b )} "${y:+$( echo  "$( echo   c )" )}"
    echo $( (echo d) ) $(( 1 + 2 )) '$( x )' $(echo $'\t' )
    echo $( echo a & echo b ) $( echo a | tr a b && echo c || echo d )
    local v=$( echo  a ) w="$(  pwd )"
    cat <( echo a;  echo b) > $( echo  out )
    x=$( { echo a; echo b; } | sort )
    y=$( echo a >&2; g() { echo in; }; (( 1 + 1 )) )
    z=$( )
}
declare -f f
