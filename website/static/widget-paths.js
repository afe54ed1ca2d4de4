// The widget manager finds its fonts next to the modules it defines: point RequireJS at the copy of
// @jupyter-widgets/html-manager in this site (vendor/html-manager), whatever the page's folder.
(function () {
  var here = document.currentScript.src;
  require.config({paths: {"@jupyter-widgets": here.slice(0, here.lastIndexOf("/") + 1) + "vendor/html-manager"}});
})();
