set -- -z -b
getopts ':ab:' opt
echo "$opt $OPTARG"
getopts ':ab:' opt
echo "$opt $OPTARG"
