printf '  lead and trail  \n' | xargs -I{} echo '<{}>'
