# check-stderr
# A variable name that is not an identifier: getopts fails after setting
# OPTIND and OPTARG.
set -- -c foo -h
getopts 'hc:' opt-
echo "status=$? opt=$opt OPTARG=$OPTARG OPTIND=$OPTIND"
getopts 'hc:' 1x
echo "status=$? OPTARG=${OPTARG-unset} OPTIND=$OPTIND"
getopts 'hc:' good
echo "status=$? good=$good OPTIND=$OPTIND"
