# At the end of the options OPTARG is unset, even after an option that
# took an argument.
getopts "c:" opt -c10
echo "OPTIND=$OPTIND opt=$opt OPTARG=$OPTARG"
getopts "c:" opt -c10
echo "status $? OPTIND=$OPTIND opt=$opt OPTARG=${OPTARG-unset}"
OPTIND=1
getopts "c:" opt -c 5 rest
echo "OPTIND=$OPTIND opt=$opt OPTARG=$OPTARG"
getopts "c:" opt -c 5 rest
echo "status $? OPTIND=$OPTIND opt=$opt OPTARG=${OPTARG-unset}"
