# At the end of the parameters getopts leaves OPTIND one past the last
# one, so a new parameter list starts over only when OPTIND is reset.
while getopts "hc:" opt; do echo "- $opt"; done
echo "no params: $OPTIND"
set -- -h -c foo x y z
while getopts "hc:" opt; do echo "- $opt"; done
echo "after options: $OPTIND"
set --
getopts "hc:" opt
echo "status $? OPTIND=$OPTIND opt=$opt"
set -- -a -b
OPTIND=7
getopts "ab" opt
echo "status $? OPTIND=$OPTIND opt=$opt"
