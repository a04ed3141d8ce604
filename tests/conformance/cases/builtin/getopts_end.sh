set -- -a -- -b
while getopts ab opt; do echo $opt; done
echo "status $? OPTIND $OPTIND"
