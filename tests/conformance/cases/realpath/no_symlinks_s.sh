mkdir -p d; touch d/target; ln -s d/target link
realpath -s --relative-to=. link
