# from mikefarah/yq docs: operators/add "Add to null"
yq --null-input 'null + "cat"'
