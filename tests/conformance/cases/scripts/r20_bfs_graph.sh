# graph traversal: adjacency lists in an associative array, BFS queue, DFS recursion, cycle detection
declare -A edges=(
  [app]="lib-ui lib-net"
  [lib-ui]="lib-core"
  [lib-net]="lib-core lib-tls"
  [lib-tls]="lib-core"
  [lib-core]=""
)
bfs() {
  local start=$1 node next
  local -a queue=("$start")
  local -A dist=([$start]=0)
  while (( ${#queue[@]} )); do
    node=${queue[0]}; queue=("${queue[@]:1}")
    echo "visit $node (dist ${dist[$node]})"
    for next in ${edges[$node]}; do
      [[ -n ${dist[$next]+x} ]] && continue
      dist[$next]=$(( dist[$node] + 1 ))
      queue+=("$next")
    done
  done
}
bfs app
declare -A state=()
order=()
dfs() {
  local n=$1 m
  case ${state[$n]:-new} in
    done) return 0 ;;
    active) echo "cycle at $n"; return 1 ;;
  esac
  state[$n]=active
  for m in ${edges[$n]}; do dfs "$m" || return; done
  state[$n]=done
  order+=("$n")
}
dfs app && echo "build order: ${order[*]}"
edges[lib-core]="app"
state=(); order=()
dfs app || echo "dfs failed, partial order: ${order[*]:-none}"
