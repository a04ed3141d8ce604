set -- -ab -cvalue x
while getopts abc: opt; do echo "$opt ${OPTARG-}"; done
echo $OPTIND
