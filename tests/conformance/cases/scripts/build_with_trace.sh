# check-stderr
# A build script traced with a custom PS4, aliases for its helpers.
shopt -s expand_aliases
alias log='printf "[build] %s\n"'
alias run='run_step '
PS4='+ ${FUNCNAME[0]:-main}:$LINENO: '
steps=(compile test package)
run_step() {
    local name=$1; shift
    log "step $name"
    "$@"
}
compile() { local n=0; for f in a b c; do n=$((n + 1)); done; echo "compiled $n"; }
set -x
for s in "${steps[@]}"; do
    case $s in
        compile) run compile compile ;;
        test) [[ -n $s && $s == t* ]] && log "tests pass" ;;
        *) run "$s" echo "packaged" ;;
    esac
done
set +x
log done
