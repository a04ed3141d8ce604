# check-stderr
# OPTERR=0 (any value whose leading number is 0) silences getopts'
# messages without making it silent-mode.
OPTERR=0; getopts a o -z; echo "$o $? [${OPTARG-unset}]"
OPTIND=1; getopts a: o -a; echo "$o $? [${OPTARG-unset}]"
OPTERR=abc; OPTIND=1; getopts a o -z; echo "$o"
OPTERR=1; OPTIND=1; getopts a o -z; echo "$o"
unset OPTERR; OPTIND=1; getopts a o -z; echo "$o"
